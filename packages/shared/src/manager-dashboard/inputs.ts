import { z } from 'zod';

/** The Tickets tab's actions: Start and Resolve (Close is the super admin's, spec 02 section 6). */
export const MANAGER_TICKET_ACTIONS = ['start', 'resolve'] as const;
export type ManagerTicketAction = (typeof MANAGER_TICKET_ACTIONS)[number];
export const managerTicketActionInputSchema = z.object({ action: z.enum(MANAGER_TICKET_ACTIONS) });

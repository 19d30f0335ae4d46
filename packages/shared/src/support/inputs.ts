import { z } from 'zod';
import { PLATFORM_ROLES, type TicketStatus } from '../core/constants.ts';
import { fill, msg } from '../core/messages.ts';

// Support tickets' statuses and their rules (spec 02 section 4 "Support ticket status"), and the super admin's inputs
// (the answers: support/contract.ts and admin/contract.ts).

export const TICKET_STATUS_UPDATED_MESSAGE = msg('Ticket status updated');
export const ticketUpdateFailedMessage = (message: string) => fill(msg('Failed to update ticket: {{message}}'), { message });
export const TICKET_NOT_FOUND_MESSAGE = msg('Ticket not found');
export const TICKET_TRANSITION_MESSAGE = msg('This ticket cannot move to that status');
export const OWN_SUPER_ADMIN_MESSAGE = msg('You cannot remove your own super admin role');

export const TICKET_ACTIONS = ['start', 'resolve', 'close'] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

/** Start only when open; Resolve unless resolved or closed; Close unless closed. */
export const TICKET_TRANSITIONS: Record<TicketAction, { to: TicketStatus; from: readonly TicketStatus[] }> = {
  start: { to: 'in_progress', from: ['open'] },
  resolve: { to: 'resolved', from: ['open', 'in_progress'] },
  close: { to: 'closed', from: ['open', 'in_progress', 'resolved'] },
};
export const canApplyTicketAction = (action: TicketAction, status: TicketStatus) => TICKET_TRANSITIONS[action].from.includes(status);

export const ticketActionInputSchema = z.object({ action: z.enum(TICKET_ACTIONS) });
export const userRolesInputSchema = z.object({ roles: z.array(z.enum(PLATFORM_ROLES)).max(PLATFORM_ROLES.length) });

/** The Users tab's table: searchable by name or email, sortable by these columns, paged by cursor. */
export const ADMIN_USER_SORTS = ['joined', 'name', 'email'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const ADMIN_USERS_PAGE_SIZE = 25;
export const ADMIN_USER_SEARCH_MAX = 100;
export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(ADMIN_USER_SEARCH_MAX, fill(msg('Search must be less than {{max}} characters'), { max: ADMIN_USER_SEARCH_MAX })).default(''),
  sort: z.enum(ADMIN_USER_SORTS).default('joined'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  cursor: z.string().max(600).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

// ---- Ticket and contact forms (spec 02 section 4 "Support ticket" and "Contact form") ---------------------------

export const DASHBOARD_TICKET_TYPES = ['support', 'bug', 'feedback_to_developers', 'feature_request'] as const;
export const SUPPORT_PAGE_TICKET_TYPES = ['incident', 'feedback'] as const;
export const TICKET_CREATED_MESSAGE = msg('Support ticket created successfully');
export const ticketCreateFailedMessage = (message: string) => fill(msg('Failed to create ticket: {{message}}'), { message });
/** A ticket filed about an event the submitter takes no part in (or that does not exist). */
export const TICKET_EVENT_NOT_FOUND_MESSAGE = msg('Event not found');
export const FIX_VALIDATION_MESSAGE = msg('Please fix the validation errors');
export const SIGN_IN_FOR_TICKET_MESSAGE = msg('Please sign in to submit a support ticket');
export const CONTACT_SENT_MESSAGE = msg("Message sent successfully! We'll get back to you soon.");
export const CONTACT_FAILED_MESSAGE = msg('Failed to send message. Please try again later.');
export const CONTACT_TOO_MANY_MESSAGE = msg('Too many submissions. Please try again later.');
/** Contact submissions per email address per hour. */
export const CONTACT_PER_EMAIL_PER_HOUR = 3;
/** Contact submissions per client address per hour, whatever emails are typed (a venue's NAT can share one address). */
export const CONTACT_PER_ADDRESS_PER_HOUR = 20;

export const ticketInputSchema = z.object({
  email: z.string().trim().toLowerCase().max(255, msg('Invalid email address')).pipe(z.email(msg('Invalid email address'))),
  fullName: z.string().trim().min(2, msg('Name must be at least 2 characters')).max(200, msg('Name must be less than 200 characters')),
  phone: z
    .string()
    .trim()
    .max(50, msg('Phone must be less than 50 characters'))
    .nullish()
    .transform((value) => (value ? value : null)),
  subject: z.string().trim().min(3, msg('Subject must be at least 3 characters')).max(200, msg('Subject must be less than 200 characters')),
  description: z
    .string()
    .trim()
    .min(10, msg('Description must be at least 10 characters'))
    .max(5000, msg('Description must be less than 5000 characters')),
  ticketType: z.enum([...DASHBOARD_TICKET_TYPES, ...SUPPORT_PAGE_TICKET_TYPES], msg('Please choose a ticket type')),
  /**
   * The event the ticket is about (decision 0092): one the submitter takes part in; its organizers then handle it.
   * None: the ticket goes to the platform's super admins only.
   */
  eventId: z
    .uuid(TICKET_EVENT_NOT_FOUND_MESSAGE)
    .nullish()
    .or(z.literal(''))
    .transform((value) => (value ? value : null)),
});
export type TicketInput = z.infer<typeof ticketInputSchema>;

export const contactInputSchema = z.object({
  fullName: z.string().trim().min(2, msg('Name must be at least 2 characters')).max(200, msg('Name must be less than 200 characters')),
  email: z.string().trim().toLowerCase().max(255, msg('Email must be less than 255 characters')).pipe(z.email(msg('Invalid email address'))),
  message: z.string().trim().min(10, msg('Message must be at least 10 characters')).max(5000, msg('Message must be less than 5000 characters')),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

import { z } from 'zod';
import { msg } from '../core/messages.ts';
import { isTimeZone } from './time-zones.ts';

/** A zone a session or event is shown in: any IANA zone the runtime knows (decision 0183), with the spec's message. */
export const timeZoneSchema = z.string(msg('Timezone is required')).refine(isTimeZone, msg('Timezone is required'));

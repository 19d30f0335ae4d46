import { z } from 'zod';
import { msg } from './messages.ts';
import { LANGUAGE_CODES } from './constants.ts';

/** One of the languages of the interface and of email (decision 0184). */
export const languageSchema = z.enum(LANGUAGE_CODES, msg('Please choose a language'));

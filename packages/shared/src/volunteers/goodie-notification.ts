import { fill, msg } from '../core/messages.ts';

// Spec 01: a participant "receives goodies, with a real-time notification" (decision 0116). No zod here: every
// signed-in page loads this with its live listener.

/** The kind of the live event on the participant's account topic when a volunteer gives them an event's goodie. */
export const GOODIE_RECEIVED_KIND = 'goodie.received';

/** What that live event carries: the toast names the event without a request. */
export interface GoodieReceivedEvent {
  eventId: string;
  eventName: string;
}

/** Whether a live event's data is a GoodieReceivedEvent (the socket's data is only JSON). */
export function isGoodieReceivedEvent(data: unknown): data is GoodieReceivedEvent {
  return (
    typeof data === 'object' &&
    data !== null &&
    'eventId' in data &&
    typeof data.eventId === 'string' &&
    'eventName' in data &&
    typeof data.eventName === 'string'
  );
}

// The spec words only the volunteer's side ('Goodie distributed!'); the participant's toast mirrors it.
// Marked messages (the `messages` namespace): the notification stores them in English, the web translates them.
export const GOODIE_RECEIVED_TITLE = msg('Goodie received!');
export const goodieReceivedDescription = (eventName: string) => fill(msg('You received your event goodie at {{event}}.'), { event: eventName });

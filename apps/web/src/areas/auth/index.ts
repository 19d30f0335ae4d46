// What the app shell uses of the auth area: the gate that asks a signed-in user to accept the terms.
export { TermsGate } from './terms-gate';

// What other areas may use of the registrations area: the buttons that register, join the waitlist or cancel.
export { announceRegistration, CancelRegistrationButton, RegisterButton } from './registration-actions';
export { useRegister } from './api';

// What other areas may use of the options area: the dialog that manages an event's or the platform's options.
export { ManageOptionsDialog } from './manage-options-dialog';

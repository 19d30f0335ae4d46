// What other areas may use of the public site: the terms' sections (the sign-up terms dialog shows them).
export { termsSections } from './terms-sections';

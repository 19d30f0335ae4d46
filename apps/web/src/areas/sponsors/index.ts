// What other areas may use of the sponsors area: a representative's leads card (on the profile).
export { MyLeadsCard } from './my-leads-card';

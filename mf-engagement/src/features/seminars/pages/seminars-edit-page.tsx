// /seminar/edit/:id: the seminar form page (one file for create and edit).
export { default } from './seminars-form-page';

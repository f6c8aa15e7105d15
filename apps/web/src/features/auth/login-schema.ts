// The sign-in form's rules (and with them zod), in a chunk loaded on the form's first
// validation rather than with /login (so /login stays light).
export { loginSchema } from '@strideadmin/contract';

// The dashboard's figures (issue 16).
export * from './dashboard';

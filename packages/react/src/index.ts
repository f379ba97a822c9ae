export const PLACEHOLDER = 1;

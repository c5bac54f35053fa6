/** `text` (a bundle) with its top-level constants of a number or a string declared `const` again. */
export function keepConstants(text: string): string;

/** `text` (a bundle) with its top-level constants of a number or a string made `const` again. */
export function keepConstants(text: string): string;

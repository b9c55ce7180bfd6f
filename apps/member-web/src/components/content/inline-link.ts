/** How the reading pages style a link inside their text. */
export const INLINE_LINK = 'font-medium text-primary underline-offset-4 hover:underline';

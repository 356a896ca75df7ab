/** Posts the feed marks as promoted. */
export const PROMOTED = "article[data-promoted='true']";

/** The same elements, while they are still shown. */
export const visible = (selector: string): string => `${selector}:not([hidden])`;

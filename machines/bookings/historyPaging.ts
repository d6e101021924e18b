/** How many rows the history asks for at a time (its own module: the route tree, in the first load, reads it). */
export const HISTORY_PAGE_SIZE = 10;

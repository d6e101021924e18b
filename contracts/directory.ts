/**
 * The company directory's search rules that the app and the reference server share (issue 26; decision
 * NEXT-directory-search): how long a search may be, and which floors a company may be on. The app keeps the field
 * within the length; the server refuses a longer one with a 400.
 */

/** A search is at most this many characters (a company's name, or part of it, fits easily). */
export const COMPANY_SEARCH_MAX_LENGTH = 100;

/** The lowest and highest floor a company may be on (basements are negative, the ground floor 0). */
export const LOWEST_FLOOR = -10;
export const HIGHEST_FLOOR = 300;

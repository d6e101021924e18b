/**
 * What every content call carries (content document, section 7: "All content calls carry language code and ordering
 * (order by name, descending, offset 0)"): the list calls, and a content's detail, RSVP, recall, claim and cancel alike.
 */
export const contentQuery = (lang: string) => ({ lang, orderByProperty: 'name', orderBy: 'DESC', offset: 0 }) as const;

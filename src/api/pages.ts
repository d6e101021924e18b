/**
 * A mini-app's page as text, for the link-out frame: fetched with no-cors, as the specification says (another
 * site's answer is opaque and reads as empty text). Not an API call: no bearer, no API base.
 */
export async function pageText(url: string): Promise<string> {
  return (await fetch(url, { mode: 'no-cors', credentials: 'same-origin' })).text();
}

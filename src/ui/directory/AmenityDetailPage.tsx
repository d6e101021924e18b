/** Placeholder: built by the directory work. */
export function AmenityDetailPage() {
  return null;
}

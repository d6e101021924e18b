/** Placeholder: built by the directory work. */
export function AmenitiesPage() {
  return null;
}

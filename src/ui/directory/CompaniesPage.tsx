/** Placeholder: built by the directory work. */
export function CompaniesPage() {
  return null;
}

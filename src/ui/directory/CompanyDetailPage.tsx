/** Placeholder: built by the directory work. */
export function CompanyDetailPage() {
  return null;
}

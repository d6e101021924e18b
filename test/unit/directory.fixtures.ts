import type { AmenityCategory, Company, CompanyPage } from '../../machines/directory/directory.types';

export const amenity = (uuid: string, name: string, category: { category_uuid: string; category_name: string }) => ({
  amenity_uuid: uuid,
  amenity_name: name,
  description: `<p>${name}</p>`,
  image_url: `/media/${uuid}.svg`,
  image_alt_text: `${name} photo`,
  category,
});

const wellness = { category_uuid: 'cat-wellness', category_name: 'Wellness' };
const food = { category_uuid: 'cat-food', category_name: 'Food and drink' };
const empty = { category_uuid: 'cat-empty', category_name: 'Nothing yet' };

export const CATEGORIES: AmenityCategory[] = [
  { id: 1, ...wellness, amenities: [amenity('a-gym', 'Fitness center', wellness), amenity('a-bikes', 'Bike room', wellness)] },
  { id: 2, ...empty, amenities: [] },
  { id: 3, ...food, amenities: [amenity('a-cafe', 'Lobby café', food)] },
];

export const company = (n: number, url: string | null = `c${n}.example`): Company => ({
  uuid: `company-${n}`,
  name: `Company ${String(n).padStart(2, '0')}`,
  logo_url: `/media/company-${n}.svg`,
  description: `<p>Company ${n}</p>`,
  url,
  company_type: 'tenant',
});

/** The page of a directory of `total` companies starting at `offset`. */
export function companyPage(offset: number, limit: number, total: number): CompanyPage {
  const companies = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => company(offset + i + 1));
  return { companies, pagination: { offset, limit, total, has_more: offset + companies.length < total } };
}

import type { components } from '../../contracts/api';
import type { AppError } from '../../contracts/errors';

type Schemas = components['schemas'];

/** An amenity as the building's amenities call answers it (content document, section 3). */
export type Amenity = Schemas['Amenity'];
/** A category of amenities, with its amenities in the editors' order. */
export type AmenityCategory = Schemas['AmenityCategory'];
/** A company of the building's directory. */
export type Company = Schemas['Company'];

/** One page of the company directory. */
export interface CompanyPage {
  companies: Company[];
  pagination: { offset: number; limit: number; total: number; has_more: boolean };
}

/** A failed call as the machines keep it. */
export type LoadError = AppError;

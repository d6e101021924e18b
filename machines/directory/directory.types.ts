import type { components } from '../../contracts/api';
import type { AppError } from '../../contracts/errors';

type Schemas = components['schemas'];

/** An amenity as the building's amenities call answers it (content document, section 3). */
export type Amenity = Schemas['Amenity'];
/** A category of amenities, with its amenities in the editors' order. */
export type AmenityCategory = Schemas['AmenityCategory'];
/** A company of the building's directory. */
export type Company = Schemas['Company'];

/** One page of the company directory, with what the whole directory can be narrowed to. */
export interface CompanyPage {
  companies: Company[];
  /** Every company type in the directory (the type filters). */
  company_types: string[];
  /** Every floor a company of the directory is on (the floor filter). */
  floors: number[];
  pagination: { offset: number; limit: number; total: number; has_more: boolean };
}

/** A failed call as the machines keep it. */
export type LoadError = AppError;

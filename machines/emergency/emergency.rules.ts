/**
 * Who is offered emergency management (access and content documents, section 6; decision 192). A module of its own,
 * with no imports: the route's guard reads it on every page, so it must not bring the home's link rules into the first
 * load.
 */

/** The emergency-management utility (its route: /building/{uuid}/emergency-management). */
export const EMERGENCY_MANAGEMENT_UTILITY = 'EMERGENCY_MANAGEMENT';

/**
 * Brands that hide the emergency-management utility unless the `emergency-management-utility` flag allows it. Harbor's
 * buildings run their own emergency line through the landlord's app (decision 192).
 */
export const EMERGENCY_HIDDEN_BRANDS: readonly string[] = ['harbor'];

/** Whether the emergency-management utility and its route are offered: not for a hiding brand, unless the flag is on. */
export const emergencyManagementAllowed = (brand: string | null | undefined, flagOn: boolean): boolean =>
  flagOn || !EMERGENCY_HIDDEN_BRANDS.includes(brand ?? '');

import { request } from './client';
import type { HelpDeskRequest } from '../../machines/helpDesk/helpDesk.types';

/** The device fields the app adds to a support request (read by an adapter from the browser). */
export type RequestDevice = Partial<
  Record<'application_name' | 'application_version' | 'os_name' | 'os_version' | 'device_type' | 'device_name', string>
>;

/** The multipart body of `POST /helpdesk-service/v1/records/create`: the fields, then every file under `files`. */
export function supportRequestForm(form: HelpDeskRequest, device: RequestDevice): FormData {
  const body = new FormData();
  const add = (name: string, value: string | null | undefined) => {
    if (value) body.append(name, value);
  };
  add('issue_type', form.nature);
  add('subject', form.subject);
  add('description', form.description);
  add('building_uuid', form.buildingUuid);
  add('asset_uuid', form.assetUuid);
  add('portfolio_uuid', form.portfolioUuid);
  add('building_name', form.buildingName);
  add('name', form.requester?.name);
  add('email_address', form.requester?.email);
  add('company_name', form.requester?.companyName);
  for (const [name, value] of Object.entries(device)) add(name, value);
  // The machine keeps the browser's File objects as they were chosen.
  for (const file of form.files) body.append('files', file as File, file.name);
  return body;
}

/** Sends a support request with its attachments (content document, section 7); answers the record's uuid. */
export const createSupportRequest = async (form: HelpDeskRequest, device: RequestDevice) =>
  (await request('post', '/helpdesk-service/v1/records/create', { body: supportRequestForm(form, device) })).data;

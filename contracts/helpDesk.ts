/**
 * The help-desk form's rules that the app and the reference server share (content document, section 5; decisions
 * 058 and 110): the natures, how many files, how large, and of which types. The app checks them as files are chosen;
 * the server checks them again, and the type by the file's content.
 */

/** The nature of a support request (issue_type): the web app, the building, or the mobile app. */
export const HELP_DESK_NATURES = ['web', 'building', 'app'] as const;
export type HelpDeskNature = (typeof HELP_DESK_NATURES)[number];

/**
 * The categories a portfolio may use instead of the natures (content document, section 5: "one portfolio uses
 * categories instead"; decision 186). A portfolio names which of these it uses, in its
 * order (`help_desk_categories` of `GET /admin/v1/portfolios/{id}`); the app has their texts in every language.
 */
export const HELP_DESK_CATEGORIES = ['maintenance', 'cleaning', 'security', 'access', 'other'] as const;
export type HelpDeskCategory = (typeof HELP_DESK_CATEGORIES)[number];

/** A support request's issue_type: a nature, or a category of a portfolio that uses categories. */
export type HelpDeskIssueType = HelpDeskNature | HelpDeskCategory;

/** The issue types a building's portfolio takes: its categories when it has any, else the natures. */
export const issueTypesOf = (categories: readonly HelpDeskCategory[] | null | undefined): readonly HelpDeskIssueType[] =>
  categories && categories.length > 0 ? categories : HELP_DESK_NATURES;

/** At most this many attachments to one request. */
export const MAX_ATTACHMENTS = 5;
/** Each attachment is at most 5 MB (the English and Portuguese texts; the Dutch and Polish "2 GB" is not followed). */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

/** The extensions a file may have (pdf, jpeg/jpg, png, doc, docx, mov, mpg, xlsx). */
export const ATTACHMENT_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'xlsx', 'mov', 'mpg'] as const;

/** A name's extension, lower-cased ('' without one). */
export const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** Whether a file's name has one of the allowed extensions. */
export const hasAllowedExtension = (name: string) => (ATTACHMENT_EXTENSIONS as readonly string[]).includes(extensionOf(name));

/** Subject and description lengths the server takes. */
export const MAX_SUBJECT_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 5000;

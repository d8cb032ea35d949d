/**
 * Edge image downloads (spec sections 2, 3, 5, 8 and 9): the constants and rules the wizard and the
 * download API share, without zod, so both read a request the same way.
 */

/** The image tables of stage 3, in the order the page shows them. */
export const IMAGE_PLATFORMS = ['hardware', 'esxi', 'kvm'] as const;
export type ImagePlatform = (typeof IMAGE_PLATFORMS)[number];

export const PLATFORM_TITLES: Record<ImagePlatform, string> = {
  hardware: 'Edge OS images on recommended hardware',
  esxi: 'VMware ESXi images',
  kvm: 'KVM/QEMU images',
};

/** Spec section 3: what a download request fetches (Text is an image's checksum file). */
export const DOWNLOAD_FILE_TYPES = ['Image', 'Text', 'Postman'] as const;
export type DownloadFileType = (typeof DOWNLOAD_FILE_TYPES)[number];

/**
 * A file name the downloads offer and a signed URL saves a file as: letters, digits, `.`, `_` and `-`,
 * starting with a letter or digit, no path. Nothing in it can end the quoted `filename="..."` of a
 * Content-Disposition header or needs RFC 6266's `filename*` encoding.
 */
export const PLAIN_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/** The checksum file beside an image: its SHA-256 in `sha256sum` format. */
export const checksumFileName = (imageFileName: string) => `${imageFileName}.sha256`;

/** The country fields of a download request: the embargo applies to both (spec section 5). */
export const COUNTRY_FIELDS = ['deploymentCountry', 'companyCountry'] as const;
export type CountryField = (typeof COUNTRY_FIELDS)[number];

/** The United States, the country for which the wizard skips the address stage. */
export const UNITED_STATES = 'US';

/** Spec section 5, word for word. */
export function embargoMessage(productName: string): string {
  return (
    `${productName} Edge Image is not permitted to be deployed in country selected as it is an Embargoed ` +
    `Country of the United States. Please contact ${productName} Sales if assistance is needed.`
  );
}

/**
 * A deployment address in the United States: the address form is for deployments outside it, and a US
 * deployment needs no address.
 */
export const unitedStatesOnAddressFormMessage = (productName: string) =>
  `The deployment address form is for deployments outside the United States. For a deployment in the ` +
  `United States, answer Yes to 'Is ${productName} Edge being deployed in United States?': no address is needed.`;

/** Stage 1's question (spec section 2). */
export const deploymentQuestion = (productName: string) =>
  `Is ${productName} Edge being deployed in United States?`;

/** Spec section 8: a controller release older than the installer supports. */
export function oldReleaseMessage(release: string, oldestSupported: string): string {
  return (
    `Controller ${release} is not supported by this Edge installer. Upgrade the controller to ` +
    `${oldestSupported} or later first, and contact support if you need help.`
  );
}

/** Spec section 8: KVM/QEMU for a release that has no KVM image. */
export const kvmOnRequestMessage = (release: string) =>
  `KVM/QEMU images for controller ${release} are available on request: contact your account manager.`;

/**
 * The address fields of a non-US request, with the wire names of spec section 3 (`deployementState`
 * spelled so) and whether section 5 requires them.
 */
export const ADDRESS_FIELDS = [
  { name: 'deploymentAddress1', group: 'deployment', label: 'Deployment address line 1', required: true },
  { name: 'deploymentAddress2', group: 'deployment', label: 'Deployment address line 2', required: false },
  { name: 'deployementState', group: 'deployment', label: 'Deployment city/state/province', required: true },
  { name: 'deploymentCountry', group: 'deployment', label: 'Deployment country', required: true },
  { name: 'companyAddress1', group: 'company', label: 'Company address line 1', required: true },
  { name: 'companyAddress2', group: 'company', label: 'Company address line 2', required: false },
  { name: 'companyState', group: 'company', label: 'Company city/state/province', required: true },
  { name: 'companyCountry', group: 'company', label: 'Company country', required: true },
] as const;
export type AddressFieldName = (typeof ADDRESS_FIELDS)[number]['name'];

/** Who to ask for download permission, shown to a signed-in user without it. */
export const noPermissionMessage = (productName: string) =>
  `Your account is not enabled for ${productName} Edge downloads. Ask your ${productName} account manager ` +
  'or the support team to enable downloads for your account.';

/** Download records a page of the records list (and of `GET /api/downloads/records`) holds. */
export const DOWNLOAD_RECORDS_PAGE_SIZE = 50;

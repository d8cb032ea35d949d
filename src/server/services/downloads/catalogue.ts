import { checksumFileName, type DownloadFileType, type ImagePlatform } from '../../../common/downloads.js';
import type { DownloadsConfig } from '../../../common/portal-config.js';

/** One file the downloads offer, as configured, with where it lives in the object store. */
export interface CatalogueFile {
  fileType: DownloadFileType;
  fileName: string;
  storageKey: string;
  contentType: string;
}

export interface CatalogueImage extends CatalogueFile {
  platform: ImagePlatform;
  releases: string[];
  checksum: CatalogueFile;
}

export interface CatalogueCollection extends CatalogueFile {
  title: string;
  guide: string;
}

export interface Catalogue {
  images: CatalogueImage[];
  collections: CatalogueCollection[];
  /** The file of that type and name, or undefined: only configured files are ever handed out. */
  find(fileType: DownloadFileType, fileName: string): CatalogueFile | undefined;
}

const IMAGE_CONTENT_TYPE = 'application/octet-stream';
const CHECKSUM_CONTENT_TYPE = 'text/plain; charset=utf-8';
const POSTMAN_CONTENT_TYPE = 'application/json';

/** Every downloadable file sits under one prefix of the store, in a folder by type. */
export const DOWNLOADS_PREFIX = 'downloads/';
const storageKey = (folder: string, fileName: string) => `${DOWNLOADS_PREFIX}${folder}/${fileName}`;

/** The files of `config.downloads`: images with their checksum files, and the Postman collections. */
export function buildCatalogue(config: DownloadsConfig): Catalogue {
  const images = config.images.map((image): CatalogueImage => ({
    fileType: 'Image',
    fileName: image.file,
    storageKey: storageKey('images', image.file),
    contentType: IMAGE_CONTENT_TYPE,
    platform: image.platform,
    releases: image.releases,
    checksum: {
      fileType: 'Text',
      fileName: checksumFileName(image.file),
      storageKey: storageKey('checksums', checksumFileName(image.file)),
      contentType: CHECKSUM_CONTENT_TYPE,
    },
  }));
  const collections = config.collections.map((collection): CatalogueCollection => ({
    fileType: 'Postman',
    fileName: collection.file,
    storageKey: storageKey('postman', collection.file),
    contentType: POSTMAN_CONTENT_TYPE,
    title: collection.title,
    guide: collection.guide,
  }));
  const byTypeAndName = new Map<string, CatalogueFile>();
  for (const file of [...images, ...images.map((image) => image.checksum), ...collections]) {
    byTypeAndName.set(`${file.fileType}/${file.fileName}`, file);
  }
  return {
    images,
    collections,
    find: (fileType, fileName) => byTypeAndName.get(`${fileType}/${fileName}`),
  };
}

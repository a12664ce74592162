import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { checkKeptKey, checkPublicAddress, createFileName, type FileStorage, mediaPrefix } from './file-storage';
import type { S3Location } from './storage-url';

function checkMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NoSuchKey' || failure.$metadata?.httpStatusCode === 404;
}

/**
 * Public files under `media/`, kept ones (statements) under `private/`, in one bucket that needs no
 * public access at all: every object is written without an ACL (private), and Prumo itself serves
 * the public ones at /media/, with the same headers as from disk. Several processes share the bucket.
 */
export function createS3Storage(location: S3Location, client = createS3Client(location)): FileStorage {
  const { bucket } = location;
  const publicKey = (relativePath: string) => `${location.prefix}media/${relativePath}`;
  const privateKey = (key: string) => `${location.prefix}private/${key}`;

  const fetchObject = async (objectKey: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey }));
    } catch (error) {
      if (checkMissing(error)) return null;
      throw error;
    }
  };

  return {
    async save(folder, extension, content) {
      const { safeFolder, fileName } = createFileName(folder, extension);
      const relativePath = `${safeFolder}/${fileName}`;
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: publicKey(relativePath), Body: content }));
      return `${mediaPrefix}${relativePath}`;
    },
    async keep(folder, extension, content) {
      const { safeFolder, fileName } = createFileName(folder, extension);
      const key = `${safeFolder}/${fileName}`;
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: privateKey(key), Body: content }));
      return key;
    },
    async keepFile(folder, extension, sourcePath) {
      const { safeFolder, fileName } = createFileName(folder, extension);
      const key = `${safeFolder}/${fileName}`;
      // Streamed from the upload's file: a 60 MB statement is never held in memory whole.
      const { size } = await stat(sourcePath);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: privateKey(key),
          Body: createReadStream(sourcePath),
          ContentLength: size,
        }),
      );
      return key;
    },
    async open(key) {
      const checkedKey = checkKeptKey(key);
      if (!checkedKey) return null;
      const object = await fetchObject(privateKey(checkedKey));
      if (!object?.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async discard(key) {
      const checkedKey = checkKeptKey(key);
      if (checkedKey) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: privateKey(checkedKey) }));
    },
    async openPublic(address) {
      const relativePath = checkPublicAddress(address);
      if (!relativePath) return null;
      const object = await fetchObject(publicKey(relativePath));
      if (!object?.Body) return null;
      return { body: object.Body as Readable, byteLength: object.ContentLength ?? 0 };
    },
    async listKeptBefore(cutoff) {
      const keys: string[] = [];
      const folderPrefix = privateKey('');
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: folderPrefix, ContinuationToken: continuationToken }),
        );
        for (const object of page.Contents ?? []) {
          const key = checkKeptKey(object.Key?.slice(folderPrefix.length) ?? '');
          if (key && object.LastModified && object.LastModified < cutoff) keys.push(key);
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
      return keys;
    },
  };
}

/** Credentials come from the SDK's usual sources (AWS_ACCESS_KEY_ID…) unless given (tests). */
export function createS3Client(
  location: S3Location,
  credentials?: { accessKeyId: string; secretAccessKey: string },
): S3Client {
  return new S3Client({
    ...(credentials && { credentials }),
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    // Checksums only where S3 demands them: S3-compatible stores that do not know the newer
    // checksum headers (or aws-chunked bodies) would otherwise store the framing with the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

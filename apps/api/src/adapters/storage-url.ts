/** Where Prumo keeps files in an S3-compatible store, as STORAGE_URL names it. */
export interface S3Location {
  bucket: string;
  /** Prepended to every object's key (a bucket shared with other things): "" or ending in "/". */
  prefix: string;
  /** Another S3-compatible service (or a local one); AWS's own when absent. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
}

/**
 * Reads `s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true`. Credentials never travel
 * in it: the AWS SDK takes them from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or its other
 * usual sources), so no setting that gets printed can hold a secret.
 */
export function readS3Location(storageUrl: string, environment: NodeJS.ProcessEnv = process.env): S3Location {
  let url: URL;
  try {
    url = new URL(storageUrl);
  } catch {
    throw new Error('STORAGE_URL is not an address: expected s3://bucket?endpoint=…&region=…');
  }
  if (url.protocol !== 's3:') throw new Error('STORAGE_URL must start with s3:// (files stay on disk without it)');
  if (url.username || url.password) {
    throw new Error('STORAGE_URL must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  }
  if (!url.hostname) throw new Error('STORAGE_URL names no bucket: expected s3://bucket');
  const prefix = url.pathname.replace(/^\/+|\/+$/g, '');
  const endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) {
    throw new Error('The endpoint in STORAGE_URL must start with http:// or https://');
  }
  return {
    bucket: url.hostname,
    prefix: prefix ? `${prefix}/` : '',
    endpoint,
    region: url.searchParams.get('region') || environment.AWS_REGION || 'us-east-1',
    forcePathStyle: url.searchParams.get('forcePathStyle') === 'true',
  };
}

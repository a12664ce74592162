import type { CepLookup } from './adapters/cep-lookup/cep-lookup';
import type { FileStorage } from './adapters/file-storage';
import type { Mailer } from './adapters/mailer';
import type { CreateFcmMessaging } from './adapters/push/fcm-sender';
import type { AppConfig } from './config';
import type { Database } from './db/database';

/** What the modules need from the outside world; tests build it with a real database too. */
export interface AppDependencies {
  db: Database;
  mailer: Mailer;
  storage: FileStorage;
  cepLookup: CepLookup;
  config: AppConfig;
  /** Firebase's messaging for a service account; firebase-admin's when not given (tests give a fake). */
  createFcmMessaging?: CreateFcmMessaging;
}

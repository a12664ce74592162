/** What a push notification carries: `url` is a path of Prumo's the notification opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

/**
 * `sent`: the service took it; `gone`: the service says the token no longer exists (delete it);
 * `failed`: anything else (the service is down, refused the request): kept, tried next time.
 */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  send(token: string, message: PushMessage): Promise<PushOutcome>;
}

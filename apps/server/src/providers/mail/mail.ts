export type Mail = { to: string; subject: string; text: string; html?: string };

export type MailProvider = {
  kind: 'outbox' | 'smtp';
  send: (mail: Mail) => Promise<void>;
};

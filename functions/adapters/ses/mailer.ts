import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config, requireConfig } from '../../shared/config';
import type { Mailer } from '../../shared/ports';

let client: SESv2Client | undefined;

/**
 * E-mail through SES (API v2 SendEmail) from MAIL_FROM, the identity the auth stack verifies. The client is
 * module-scoped: one per Lambda container.
 */
export const sesMailer: Mailer = {
  async send(mail) {
    client ??= new SESv2Client({ region: config().AWS_REGION });
    await client.send(
      new SendEmailCommand({
        FromEmailAddress: requireConfig('MAIL_FROM'),
        Destination: { ToAddresses: [mail.to] },
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: mail.text, Charset: 'UTF-8' },
              Html: { Data: mail.html, Charset: 'UTF-8' },
            },
          },
        },
      }),
    );
  },
};

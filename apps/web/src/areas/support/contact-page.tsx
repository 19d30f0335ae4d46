import { CONTACT_FAILED_MESSAGE, CONTACT_SENT_MESSAGE, CONTACT_TOO_MANY_MESSAGE, contactInputSchema, type ContactInput } from '@mingle/shared/support/inputs';
import { useMutation } from '@tanstack/react-query';
import { Clock, LifeBuoy, Mail, Users } from 'lucide-react';
import { type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PageTitle } from '@/components/ui/page-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { sendContact } from './api';
import { useZodForm } from './use-zod-form';

/** /contact (spec 02 "Contact Us"): the form and its notes; no sign-in needed. */
export function ContactPage() {
  const { t } = useTranslation('support');
  const form = useZodForm(contactInputSchema, { fullName: '', email: '', message: '' });
  const send = useMutation({
    mutationFn: (input: ContactInput) => sendContact(input),
    onSuccess: () => {
      toast.success(t(CONTACT_SENT_MESSAGE, { ns: 'messages' }));
      form.reset();
    },
    onError: (error) =>
      toast.error(t(error instanceof ApiError && error.status === 429 ? CONTACT_TOO_MANY_MESSAGE : CONTACT_FAILED_MESSAGE, { ns: 'messages' })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (input) send.mutate(input);
  };

  const notes = [
    { icon: LifeBuoy, title: t('Technical support'), text: <Trans t={t}>For help with your account or the app, visit the <Link to="/support" className="font-medium text-brand-700 underline-offset-4 hover:underline">Support Center</Link>.</Trans> },
    { icon: Users, title: t('Event inquiries'), text: t('Questions about a specific event are best sent to its organizer.') },
    { icon: Clock, title: t('Response time'), text: t('We respond within 24-48 hours on business days.') },
  ];

  return (
    <>
      <PageTitle title={t('Contact Us')} description={t("Send us a message and we'll get back to you")} />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardContent className="pt-6">
            <form onSubmit={submit} noValidate className="grid gap-4">
              <FormField label={t('Full Name')} required error={form.errors.fullName}>
                <Input value={form.values.fullName} onChange={(e) => form.set('fullName')(e.target.value)} autoComplete="name" />
              </FormField>
              <FormField label={t('Email')} required error={form.errors.email}>
                <Input type="email" value={form.values.email} onChange={(e) => form.set('email')(e.target.value)} autoComplete="email" />
              </FormField>
              <FormField label={t('Message')} required error={form.errors.message}>
                <Textarea value={form.values.message} onChange={(e) => form.set('message')(e.target.value)} rows={6} maxLength={5000} showCount />
              </FormField>
              <div>
                <Button type="submit" loading={send.isPending}>
                  <Mail aria-hidden />
                  {t('Send Message')}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
        <ul className="grid content-start gap-3">
          {notes.map((note) => (
            <li key={note.title} className="flex gap-3 rounded-xl border border-border bg-card p-4">
              <note.icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
              <div>
                <p className="font-semibold">{note.title}</p>
                <p className="text-sm text-muted-foreground">{note.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

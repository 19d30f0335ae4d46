import { zodResolver } from '@hookform/resolvers/zod';
import type { RegistrationQuestionDto } from '@mingle/shared/registrations/contract';
import {
  QUESTION_LIMITS,
  REGISTRATION_QUESTION_KIND_LABELS,
  REGISTRATION_QUESTION_KINDS,
  saveRegistrationQuestionsSchema,
} from '@mingle/shared/registrations/inputs';
import { useQuery } from '@tanstack/react-query';
import { Plus, Save, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { SelectField } from '@/components/select-field';
import { ListSkeleton, LoadError } from '@/components/list-parts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TagInput } from '@/components/ui/tag-input';
import { registrationQuestionsQueryOptions, useSaveQuestions } from './api';
import { useTranslation } from 'react-i18next';

// The form is the shared schema itself: the same messages and limits as the server's.
type FormValues = z.input<typeof saveRegistrationQuestionsSchema>;

const blank = { label: '', kind: 'text' as const, options: [], required: false };

/** The questions asked on registering, edited as one list and saved at once (organizers). */
export function QuestionsEditor({ eventId }: { eventId: string }) {
  const query = useQuery(registrationQuestionsQueryOptions(eventId));
  if (query.isPending) return <ListSkeleton rows={1} />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <QuestionsForm eventId={eventId} saved={query.data.questions} />;
}

function QuestionsForm({ eventId, saved }: { eventId: string; saved: RegistrationQuestionDto[] }) {
  const { t } = useTranslation('registrations');
  const save = useSaveQuestions(eventId);
  const form = useForm<FormValues>({ resolver: zodResolver(saveRegistrationQuestionsSchema), values: { questions: saved } });
  const questions = useFieldArray({ control: form.control, name: 'questions', keyName: 'key' });
  const current = useWatch({ control: form.control, name: 'questions' });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values.questions);
      toast.success(t('Registration questions saved'));
    } catch (error) {
      toast.error(t('Error'), { description: t((error as Error).message, { ns: 'messages' }) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t('Registration questions')}</CardTitle>
          <CardDescription>{t('Asked when people register, in this order. Their answers show in the lists.')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {questions.fields.length === 0 && <p className="text-sm text-muted-foreground">{t('No questions: registering takes one click.')}</p>}
          {questions.fields.map((field, index) => {
            const kind = current?.[index]?.kind ?? field.kind;
            const error = errors.questions?.[index];
            return (
              <fieldset key={field.key} className="grid gap-3 rounded-lg border border-border bg-subtle p-4">
                <legend className="sr-only">{t('Question {{number}}', { number: index + 1 })}</legend>
                <FormField label={t('Question {{number}}', { number: index + 1 })} error={error?.label?.message && t(error.label.message, { ns: 'messages' })}>
                  <Input maxLength={QUESTION_LIMITS.labelMax} placeholder={t('e.g. Dietary needs')} {...form.register(`questions.${index}.label`)} />
                </FormField>
                <SelectField
                  label={t('Answer')}
                  control={form.control}
                  name={`questions.${index}.kind`}
                  options={REGISTRATION_QUESTION_KINDS}
                  optionLabel={(option) => t(REGISTRATION_QUESTION_KIND_LABELS[option], { ns: 'messages' })}
                />
                {kind !== 'text' && (
                  <FormField
                    label={t('Options')}
                    description={t('Type an option and press Enter.')}
                    error={(error?.options?.message ?? error?.options?.root?.message) && t(error?.options?.message ?? error?.options?.root?.message ?? '', { ns: 'messages' })}
                  >
                    {(control) => (
                      <Controller
                        control={form.control}
                        name={`questions.${index}.options`}
                        render={({ field: options }) => (
                          <TagInput {...control} value={options.value ?? []} onChange={options.onChange} max={QUESTION_LIMITS.options} maxLength={QUESTION_LIMITS.optionMax} placeholder={t('Add an option')} />
                        )}
                      />
                    )}
                  </FormField>
                )}
                <div className="flex items-center justify-between gap-3">
                  <Controller
                    control={form.control}
                    name={`questions.${index}.required`}
                    render={({ field: required }) => (
                      <div className="flex items-center gap-2">
                        <Checkbox id={`${field.key}-required`} checked={required.value ?? false} onCheckedChange={(checked) => required.onChange(checked === true)} />
                        <Label htmlFor={`${field.key}-required`} className="font-normal">
                          {t('Required')}
                        </Label>
                      </div>
                    )}
                  />
                  <Button type="button" variant="ghost" size="sm" onClick={() => questions.remove(index)} aria-label={t('Remove question {{number}}', { number: index + 1 })}>
                    <Trash2 aria-hidden />
                    {t('Remove')}
                  </Button>
                </div>
              </fieldset>
            );
          })}
          {errors.questions?.root?.message && <p className="text-sm text-destructive">{t(errors.questions.root.message, { ns: 'messages' })}</p>}
        </CardContent>
        <CardFooter className="justify-between gap-2">
          <Button type="button" variant="outline" onClick={() => questions.append(blank)} disabled={questions.fields.length >= QUESTION_LIMITS.perEvent}>
            <Plus aria-hidden />
            {t('Add question')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
            {!form.formState.isSubmitting && <Save aria-hidden />}
            {t('Save questions')}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}

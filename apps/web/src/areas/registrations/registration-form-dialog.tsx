import type { RegistrationQuestionDto, RegistrationResult } from '@mingle/shared/registrations/contract';
import { answerRequiredMessage, QUESTION_LIMITS, type RegistrationAnswersInput } from '@mingle/shared/registrations/inputs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { useRegister } from './api';

type Answers = Record<string, string[]>;

/** The event's registration questions, asked before the registration is sent; required ones must be answered here. */
export function RegistrationFormDialog({
  event,
  questions,
  full,
  open,
  onOpenChange,
  onRegistered,
}: {
  event: { id: string; name: string };
  questions: RegistrationQuestionDto[];
  full: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRegistered: (result: RegistrationResult) => void;
}) {
  const { t } = useTranslation('registrations');
  const register = useRegister(event.id);
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (questionId: string, value: string[]) => setAnswers((current) => ({ ...current, [questionId]: value }));

  const submit = async () => {
    const missing = Object.fromEntries(
      questions
        .filter((question) => question.required && (answers[question.id] ?? []).every((value) => value.trim() === ''))
        .map((question) => [question.id, answerRequiredMessage(question.label)]),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const body: RegistrationAnswersInput['answers'] = questions.map((question) => ({ questionId: question.id, value: answers[question.id] ?? [] }));
    try {
      const result = await register.mutateAsync(body);
      onOpenChange(false);
      onRegistered(result);
    } catch (error) {
      toast.error(t('Error'), { description: t((error as Error).message, { ns: 'messages' }) });
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !register.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{full ? t('Join the waitlist') : t('Register')}</DialogTitle>
          <DialogDescription>{t('{{event}} asks a few questions. Questions marked * must be answered.', { event: event.name })}</DialogDescription>
        </DialogHeader>
        <form
          id={`registration-${event.id}`}
          className="grid max-h-[60dvh] gap-5 overflow-y-auto px-0.5"
          noValidate
          onSubmit={(submitted) => {
            submitted.preventDefault();
            void submit();
          }}
        >
          {questions.map((question) =>
            question.kind === 'text' ? (
              <FormField key={question.id} label={question.label} required={question.required} error={errors[question.id]}>
                <Textarea rows={2} maxLength={QUESTION_LIMITS.answerMax} value={answers[question.id]?.[0] ?? ''} onChange={(change) => set(question.id, [change.target.value])} />
              </FormField>
            ) : (
              <fieldset key={question.id} className="grid gap-2" aria-describedby={errors[question.id] ? `${question.id}-error` : undefined}>
                <legend className="mb-1 text-sm font-medium">
                  {question.label}
                  {question.required && <span aria-hidden className="text-destructive"> *</span>}
                </legend>
                {question.options.map((option) => {
                  const chosen = (answers[question.id] ?? []).includes(option);
                  const id = `${question.id}-${option}`;
                  return (
                    <div key={option} className="flex items-center gap-2.5">
                      {question.kind === 'multiple_choice' ? (
                        <Checkbox
                          id={id}
                          checked={chosen}
                          onCheckedChange={(checked) =>
                            set(question.id, checked ? [...(answers[question.id] ?? []), option] : (answers[question.id] ?? []).filter((value) => value !== option))
                          }
                        />
                      ) : (
                        <input
                          id={id}
                          type="radio"
                          name={question.id}
                          checked={chosen}
                          onChange={() => set(question.id, [option])}
                          className={cn('size-4 accent-brand-600')}
                        />
                      )}
                      <Label htmlFor={id} className="font-normal">
                        {option}
                      </Label>
                    </div>
                  );
                })}
                {errors[question.id] && (
                  <p id={`${question.id}-error`} role="alert" className="text-sm text-destructive">
                    {errors[question.id]}
                  </p>
                )}
              </fieldset>
            ),
          )}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={register.isPending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" form={`registration-${event.id}`} loading={register.isPending}>
            {full ? t('Join Waitlist') : t('Register')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

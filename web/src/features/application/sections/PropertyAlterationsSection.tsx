import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type {
  Alteration,
  AlterationType,
  DocumentsHeldBy,
  RemortgagingExpanded,
} from '../../../lib/api/types';
import { formatDate } from '../../../lib/format';
import { useDeleteAlteration } from '../api/deleteAlteration';
import { useSaveAlterations } from '../api/saveAlterations';
import { RadioField, SelectField, TextInputField } from '../components/fields';
import { type Item } from '../components/ItemList';
import { YesNoListSection } from '../components/YesNoListSection';
import { ALTERATIONS_TEXTS } from '../texts';
import { ALTERATION_TYPE_LABELS, DOCUMENTS_HELD_BY_LABELS } from '../../../lib/labels';
import { isRealDate, todayIso } from '../validation';

export function alterationSchema(today: () => string = todayIso) {
  return z.object({
    alterationType: z
      .string()
      .refine((v) => v in ALTERATION_TYPE_LABELS, ALTERATIONS_TEXTS.typeRequired),
    completedOn: z
      .string()
      .refine((v) => v === '' || isRealDate(v), ALTERATIONS_TEXTS.dateInvalid)
      .refine((v) => v === '' || !isRealDate(v) || v <= today(), ALTERATIONS_TEXTS.dateFuture),
    documentsHeldBy: z
      .string()
      .refine((v) => v in DOCUMENTS_HELD_BY_LABELS, ALTERATIONS_TEXTS.heldByRequired),
  });
}
type AlterationValues = z.infer<ReturnType<typeof alterationSchema>>;

const ALTERATION_FIELDS = {
  alterationType: 'alterationType',
  completedOn: 'completedOn',
  documentsHeldBy: 'documentsHeldBy',
} as const;

const TYPE_OPTIONS = Object.entries(ALTERATION_TYPE_LABELS).map(([value, label]) => ({
  value,
  label,
}));
const HELD_BY_OPTIONS = (['OWNER', 'SOLICITOR'] as const).map((value) => ({
  value,
  label: DOCUMENTS_HELD_BY_LABELS[value],
}));

export function alterationItem(alteration: Alteration): Item {
  const details: string[] = [];
  if (alteration.completedOn) {
    details.push(`${ALTERATIONS_TEXTS.completed} ${formatDate(alteration.completedOn)}`);
  }
  if (alteration.documentsHeldBy) {
    details.push(
      `${ALTERATIONS_TEXTS.documentsWith}: ${DOCUMENTS_HELD_BY_LABELS[alteration.documentsHeldBy]}`,
    );
  }
  return { id: alteration.id, title: ALTERATION_TYPE_LABELS[alteration.alterationType], details };
}

/**
 * Property Alterations (/application/property-alterations): whether the property was altered
 * (`hasAlterations`), the alterations listed with Delete, and a form to add one
 * (POST /property/alterations, POST …/property/alterations/{id}/delete).
 */
export function PropertyAlterationsSection({
  caseId,
  expanded,
}: {
  caseId: string;
  expanded: RemortgagingExpanded;
}) {
  const save = useSaveAlterations();
  const remove = useDeleteAlteration(caseId);
  const saving = save.isPending || remove.isPending;
  const base = { caseType: 'REMORTGAGING' as const, caseId: Number(caseId) };
  const addForm = useForm<AlterationValues>({
    resolver: zodResolver(alterationSchema()),
    defaultValues: { alterationType: '', completedOn: '', documentsHeldBy: '' },
  });
  const errors = addForm.formState.errors;

  return (
    <YesNoListSection
      texts={ALTERATIONS_TEXTS}
      answered={expanded.hasAlterations}
      answerField="hasAlterations"
      saveAnswer={(hasAlterations) => save.mutateAsync({ ...base, hasAlterations })}
      items={expanded.alterations.map(alterationItem)}
      remove={(id) => remove.mutateAsync(id)}
      saving={saving}
      addForm={addForm}
      addFields={ALTERATION_FIELDS}
      draftKey={`${caseId}:alteration`}
      add={(values) =>
        save.mutateAsync({
          ...base,
          hasAlterations: true,
          alteration: {
            alterationType: values.alterationType as AlterationType,
            completedOn: values.completedOn === '' ? null : values.completedOn,
            documentsHeldBy: values.documentsHeldBy as DocumentsHeldBy,
          },
        })
      }
    >
      <SelectField
        label={ALTERATIONS_TEXTS.type}
        registration={addForm.register('alterationType')}
        options={TYPE_OPTIONS}
        error={errors.alterationType?.message}
        disabled={saving}
      />
      <TextInputField
        label={ALTERATIONS_TEXTS.completedOn}
        registration={addForm.register('completedOn')}
        kind="date"
        htmlInput={{ max: todayIso() }}
        error={errors.completedOn?.message}
        disabled={saving}
      />
      <RadioField
        control={addForm.control}
        name="documentsHeldBy"
        legend={ALTERATIONS_TEXTS.documentsHeldBy}
        options={HELD_BY_OPTIONS}
        error={errors.documentsHeldBy?.message}
        disabled={saving}
      />
    </YesNoListSection>
  );
}

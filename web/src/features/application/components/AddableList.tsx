import { Box, Button, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useDraft } from '../useDraft';
import { APPLICATION_TEXTS } from '../texts';
import { applyServerErrors, type ServerFieldMap } from '../validation';
import { FormError } from './FormError';
import { ItemList, type Item } from './ItemList';

/** The words of a list the user adds rows to. */
export type AddableListTexts = Record<'listHeading' | 'none' | 'addHeading' | 'add', string>;

/**
 * Rows the user added, each with Delete, and a form to add one (`children` are its fields):
 * alterations, charges and loans, sources of funds, ISAs. What is typed in the add form is kept
 * as a draft until the server accepts it; its field problems go on the fields, anything else is
 * said under the part that failed. `onSaved(false)` when a write starts, `(true)` when it
 * succeeds, for the section's one SaveStatus.
 */
export function AddableList<T extends FieldValues>({
  texts,
  items,
  remove,
  saving,
  addForm,
  addFields,
  add,
  draftKey,
  showList = true,
  showAdd = true,
  onSaved,
  itemActions,
  collapsible = false,
  children,
}: {
  texts: AddableListTexts;
  items: Item[];
  remove: (id: number) => Promise<unknown>;
  /** A write is on its way: every control waits. */
  saving: boolean;
  addForm: UseFormReturn<T>;
  /** The add form's server-field map (as for applyServerErrors). */
  addFields: ServerFieldMap<T>;
  add: (values: T) => Promise<unknown>;
  draftKey: string;
  showList?: boolean;
  showAdd?: boolean;
  onSaved: (saved: boolean) => void;
  /** A row's buttons other than Delete (ItemList's `actions`). */
  itemActions?: (item: Item) => ReactNode;
  /**
   * The add form opens from a button (`texts.addHeading`) and closes once a row is added, so a
   * long page on a phone shows the lists, not empty forms; it starts open while the list is empty.
   */
  collapsible?: boolean;
  children: ReactNode;
}) {
  const [addFailure, setAddFailure] = useState<unknown>(null);
  const [deleteFailure, setDeleteFailure] = useState<unknown>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const forgetDraft = useDraft(draftKey, addForm);
  const [open, setOpen] = useState(!collapsible || items.length === 0);

  const onAdd = async (values: T) => {
    setAddFailure(null);
    onSaved(false);
    try {
      await add(values);
      addForm.reset();
      forgetDraft();
      onSaved(true);
      if (collapsible) setOpen(false);
    } catch (error) {
      if (applyServerErrors(error, addForm.setError, addFields)) setAddFailure(error);
    }
  };

  const onDelete = async (id: number) => {
    setDeleteFailure(null);
    onSaved(false);
    setDeletingId(id);
    try {
      await remove(id);
      onSaved(true);
    } catch (error) {
      setDeleteFailure(error);
    } finally {
      setDeletingId(null);
    }
  };

  return (
    <>
      {showList && (
        <Box component="section" aria-label={texts.listHeading}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
            {texts.listHeading}
          </Typography>
          <ItemList
            label={texts.listHeading}
            items={items}
            emptyText={texts.none}
            onDelete={(id) => void onDelete(id)}
            deletingId={deletingId}
            disabled={saving}
            actions={itemActions}
          />
          <FormError error={deleteFailure} />
        </Box>
      )}
      {showAdd && !open && (
        <Box>
          <Button variant="outlined" disabled={saving} onClick={() => setOpen(true)}>
            {texts.addHeading}
          </Button>
        </Box>
      )}
      {showAdd && open && (
        <Stack
          component="form"
          noValidate
          spacing={3}
          aria-label={texts.addHeading}
          onSubmit={addForm.handleSubmit(onAdd)}
        >
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {texts.addHeading}
          </Typography>
          {children}
          <FormError error={addFailure} />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="outlined" disabled={saving}>
              {texts.add}
            </Button>
            {collapsible && items.length > 0 && (
              <Button
                disabled={saving}
                onClick={() => {
                  addForm.reset();
                  forgetDraft();
                  setOpen(false);
                }}
              >
                {APPLICATION_TEXTS.cancel}
              </Button>
            )}
          </Stack>
        </Stack>
      )}
    </>
  );
}

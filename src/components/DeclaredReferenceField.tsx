import { Typography } from '@mui/material';
import { ReferenceField, TextField, useRecordContext } from 'react-admin';
import { areaByName } from '../../schema/areas';
import { fieldLabel, optionsOf, type AreaDeclaration } from '../../schema/define';

/** What a reference field points at, from its declaration (fields.reference): the area and how its records are named. */
export function declaredReference(area: AreaDeclaration, source: string) {
  const schema = area.schema.shape[source];
  const references = schema ? optionsOf(schema).references : undefined;
  if (!references) throw new Error(`${area.name}.${source} is not a reference`);
  const target = areaByName(references.area);
  return { reference: references.area, recordLabel: target?.recordLabel ?? 'id', label: fieldLabel(area, source) };
}

/** Shown where a record points at one that was deleted since (onDelete: 'keep'), e.g. 'Job posting deleted'. */
export const deletedText = (area: AreaDeclaration, source: string) => `${fieldLabel(area, source)} deleted`;

interface DeclaredReferenceFieldProps {
  area: AreaDeclaration;
  source: string;
  // Said when the record points at nothing (the field is empty).
  emptyText: string;
  link?: false | 'edit';
}

// The referenced record, named by its label; a record whose target was deleted says so rather than showing nothing.
export function DeclaredReferenceField({ area, source, emptyText, link = 'edit' }: DeclaredReferenceFieldProps) {
  const record = useRecordContext();
  const { reference, recordLabel } = declaredReference(area, source);
  const id = record?.[source] as unknown;
  if (id === null || id === undefined || id === '') {
    return (
      <Typography component="span" variant="body2">
        {emptyText}
      </Typography>
    );
  }
  return (
    <ReferenceField
      source={source}
      reference={reference}
      link={link}
      empty={
        <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {deletedText(area, source)}
        </Typography>
      }
    >
      <TextField source={recordLabel} variant="body2" />
    </ReferenceField>
  );
}

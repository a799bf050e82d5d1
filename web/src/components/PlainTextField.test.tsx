import { TextField } from '@mui/material';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlainTextField } from './PlainTextField';

/** The markup without emotion's generated class names (css-…), which differ between components. */
function markup(node: HTMLElement): string {
  return node.innerHTML.replace(/ ?css-[a-z0-9-]+/g, '');
}

describe('PlainTextField', () => {
  it.each([
    { name: 'a plain field', props: { label: 'Email address' } },
    {
      name: 'a required e-mail field',
      props: {
        label: 'Email address',
        type: 'email',
        autoComplete: 'email',
        name: 'email',
        required: true,
        fullWidth: true,
      },
    },
    {
      name: 'a field with an error',
      props: {
        label: 'Email address',
        type: 'email',
        required: true,
        fullWidth: true,
        error: true,
        helperText: 'Must include @',
      },
    },
  ])('renders what MUI TextField renders: $name', ({ props }) => {
    const mui = render(<TextField id="field" {...props} />);
    const plain = render(<PlainTextField id="field" {...props} />);
    expect(markup(plain.container)).toBe(markup(mui.container));
  });

  it('generates the same kind of id as TextField when none is given', () => {
    const { getByLabelText } = render(<PlainTextField label="Email address" helperText="Hint" />);
    const input = getByLabelText('Email address');
    expect(input.id).not.toBe('');
    expect(input).toHaveAttribute('aria-describedby', `${input.id}-helper-text`);
  });
});

import {
  FormControl,
  FormHelperText,
  type FormHelperTextProps,
  type InputBaseComponentProps,
  InputLabel,
  OutlinedInput,
  type SxProps,
  type Theme,
} from '@mui/material';
import type { ChangeEvent, ElementType, FocusEvent, KeyboardEvent, ReactNode, Ref } from 'react';

export interface CampoTextoLeveProps {
  /** Required: the label's `for`, the helper text's id and the tests' handle derive from it, as in TextField. */
  id: string;
  label: ReactNode;
  value: string;
  onChange?: (evento: ChangeEvent<HTMLInputElement>) => void;
  onFocus?: (evento: FocusEvent<HTMLInputElement>) => void;
  onBlur?: (evento: FocusEvent<HTMLInputElement>) => void;
  onKeyDown?: (evento: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  required?: boolean;
  error?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  helperText?: ReactNode;
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  type?: string;
  name?: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  inputRef?: Ref<HTMLInputElement>;
  /** The field's root (TextField's own `ref`). */
  ref?: Ref<HTMLDivElement>;
  /** A text area that grows with its text, as TextField's `multiline`. */
  multiline?: boolean;
  minRows?: number;
  maxRows?: number;
  'data-testid'?: string;
  slotProps?: {
    htmlInput?: InputBaseComponentProps;
    /** `inputComponent`: what stands for the `<input>` (a light list's display, as MUI's Select does it). */
    input?: {
      endAdornment?: ReactNode;
      startAdornment?: ReactNode;
      inputComponent?: ElementType<InputBaseComponentProps>;
    };
    formHelperText?: Partial<FormHelperTextProps>;
  };
}

/**
 * MUI's outlined TextField without its Select (issue 23): TextField imports Select, Menu, Popover and Modal (some
 * 20 KB) for its `select` variant, so every screen with a text field loaded them at first paint. This one is built
 * the way TextField builds itself (FormControl, InputLabel, OutlinedInput, FormHelperText): the same classes, look,
 * label, required mark, `aria-describedby` of the helper text and `aria-invalid`, for the fields of the first screens
 * and for every text field of a form (CampoTextoControlado).
 */
export function CampoTextoLeve(props: CampoTextoLeveProps) {
  const { id, label, helperText, slotProps, required, error, disabled, fullWidth, size, sx } = props;
  const idAjuda = helperText ? `${id}-helper-text` : undefined;
  const idRotulo = label ? `${id}-label` : undefined;
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      required={required}
      error={error}
      disabled={disabled}
      fullWidth={fullWidth}
      size={size}
      sx={sx}
      ref={props.ref}
      data-testid={props['data-testid']}
    >
      {label != null && label !== '' ? (
        <InputLabel htmlFor={id} id={idRotulo}>
          {label}
        </InputLabel>
      ) : null}
      <OutlinedInput
        id={id}
        label={label}
        aria-describedby={idAjuda}
        value={props.value}
        onChange={props.onChange}
        onFocus={props.onFocus}
        onBlur={props.onBlur}
        onKeyDown={props.onKeyDown}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus}
        type={props.type}
        name={props.name}
        fullWidth={fullWidth}
        inputRef={props.inputRef}
        multiline={props.multiline}
        minRows={props.minRows}
        maxRows={props.maxRows}
        inputProps={slotProps?.htmlInput}
        endAdornment={slotProps?.input?.endAdornment}
        startAdornment={slotProps?.input?.startAdornment}
        inputComponent={slotProps?.input?.inputComponent}
      />
      {helperText ? (
        <FormHelperText id={idAjuda} {...slotProps?.formHelperText}>
          {helperText}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}

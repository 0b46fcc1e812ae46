import { Autocomplete, Chip, TextField } from '@mui/material';
import { separarMarcadores } from '@tramite/shared';
import { useState } from 'react';

/** Typed text may hold several tags separated by commas; blanks and repeats are dropped (shared rule). */
function normalizar(marcadores: readonly string[]): string[] {
  return separarMarcadores(marcadores.join(','));
}

/** The tags chosen so far and the one being typed, for `CampoMarcadores`. */
export function useMarcadores(iniciais: string[]) {
  const [valor, setValor] = useState<string[]>(iniciais);
  const [texto, setTexto] = useState('');
  return {
    valor,
    texto,
    setValor,
    setTexto,
    /** Takes in the tag still being typed and answers the whole list, as it will be saved. */
    concluir(): string[] {
      const todos = normalizar([...valor, texto]);
      setValor(todos);
      setTexto('');
      return todos;
    },
  };
}

interface CampoMarcadoresProps {
  estado: ReturnType<typeof useMarcadores>;
  id: string;
  helperText: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** The user's own tags as chips: Enter or comma adds one, the chip's delete removes it. */
export function CampoMarcadores({ estado, id, helperText, disabled, autoFocus }: CampoMarcadoresProps) {
  const { valor, texto, setValor, setTexto } = estado;
  return (
    <Autocomplete
      multiple
      freeSolo
      id={id}
      options={[] as string[]}
      value={valor}
      inputValue={texto}
      disabled={disabled}
      onInputChange={(_evento, novo) => {
        if (novo.endsWith(',')) {
          setValor(normalizar([...valor, novo]));
          setTexto('');
        } else {
          setTexto(novo);
        }
      }}
      onChange={(_evento, novos) => setValor(normalizar(novos))}
      renderValue={(marcadores, obterPropriedades) =>
        marcadores.map((marcador, indice) => {
          const { key, ...propriedades } = obterPropriedades({ index: indice });
          return <Chip key={key} label={marcador} size="small" {...propriedades} />;
        })
      }
      renderInput={(parametros) => (
        <TextField {...parametros} autoFocus={autoFocus} label="Marcadores" helperText={helperText} />
      )}
    />
  );
}

import { Autocomplete, Chip, TextField } from '@mui/material';
import type { CampoMarcadoresProps } from './estado-marcadores';

/** The user's own tags as chips: Enter or comma adds one, the chip's delete removes it. */
export function CampoMarcadores({ estado, id, helperText, disabled, autoFocus }: CampoMarcadoresProps) {
  return (
    <Autocomplete
      multiple
      freeSolo
      id={id}
      options={[] as string[]}
      value={estado.valor}
      inputValue={estado.texto}
      disabled={disabled}
      onInputChange={(_evento, novo) => estado.digitar(novo)}
      onChange={(_evento, novos) => estado.setValor(novos)}
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

import {
  Autocomplete,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { type ItemFavorito, separarMarcadores } from '@tramite/shared';
import { type FormEvent, useId, useState } from 'react';

/** Typed text may hold several tags separated by commas; blanks and repeats are dropped (shared rule). */
function normalizar(marcadores: readonly string[]): string[] {
  return separarMarcadores(marcadores.join(','));
}

interface DialogoMarcadoresProps {
  favorito: ItemFavorito;
  ocupado: boolean;
  aoSalvar: (tags: string[]) => void;
  aoCancelar: () => void;
}

/**
 * Untag or retag a favourite: the tags as chips (Enter or comma adds one, the chip's delete removes it), saved
 * together. The same typing rules as the document screen's tag editor.
 */
export function DialogoMarcadores({ favorito, ocupado, aoSalvar, aoCancelar }: DialogoMarcadoresProps) {
  const id = useId();
  const [valor, setValor] = useState<string[]>(favorito.tagsFavorito);
  const [texto, setTexto] = useState('');

  function enviar(evento: FormEvent) {
    evento.preventDefault();
    const todos = normalizar([...valor, texto]);
    setValor(todos);
    setTexto('');
    aoSalvar(todos);
  }

  return (
    <Dialog
      open
      onClose={() => {
        if (!ocupado) aoCancelar();
      }}
      aria-labelledby={`${id}-titulo`}
      aria-describedby={`${id}-descricao`}
      fullWidth
      maxWidth="sm"
      data-testid="dialogo-marcadores"
    >
      <form onSubmit={enviar} noValidate>
        <DialogTitle id={`${id}-titulo`}>Marcadores do favorito</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-descricao`} sx={{ mb: 2 }}>
            Documento {favorito.numero}. Só você vê os seus marcadores; eles também aparecem na página do documento.
          </DialogContentText>
          <Autocomplete
            multiple
            freeSolo
            id={`${id}-marcadores`}
            options={[] as string[]}
            value={valor}
            inputValue={texto}
            disabled={ocupado}
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
              <TextField
                {...parametros}
                autoFocus
                label="Marcadores"
                helperText="Digite um marcador e tecle Enter (ou vírgula) para incluí-lo; remova um marcador pelo seu x."
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={aoCancelar} disabled={ocupado}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={ocupado}>
            Salvar marcadores
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ItemFavorito } from '@tramite/shared';
import { type FormEvent, useId } from 'react';
import { CampoMarcadores, useMarcadores } from '../../components/CampoMarcadores';

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
  const marcadores = useMarcadores(favorito.tagsFavorito);

  function enviar(evento: FormEvent) {
    evento.preventDefault();
    aoSalvar(marcadores.concluir());
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
          <CampoMarcadores
            estado={marcadores}
            id={`${id}-marcadores`}
            disabled={ocupado}
            autoFocus
            helperText="Digite um marcador e tecle Enter (ou vírgula) para incluí-lo; remova um marcador pelo seu x."
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

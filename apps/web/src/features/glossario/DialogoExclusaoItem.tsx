import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

interface DialogoExclusaoItemProps {
  aberto: boolean;
  descricao: string;
  onCancelar: () => void;
  onConfirmar: () => void;
}

/** Deleting a glossary item asks for confirmation (spec §5), with Cancelar focused first. */
export function DialogoExclusaoItem({ aberto, descricao, onCancelar, onConfirmar }: DialogoExclusaoItemProps) {
  return (
    <Dialog
      open={aberto}
      onClose={onCancelar}
      aria-labelledby="titulo-exclusao-item"
      aria-describedby="texto-exclusao-item"
      data-testid="dialogo-exclusao-item"
    >
      <DialogTitle id="titulo-exclusao-item">Excluir item do vocabulário controlado</DialogTitle>
      <DialogContent>
        <DialogContentText id="texto-exclusao-item">
          Deseja excluir o item “{descricao}”? Esta ação não pode ser desfeita.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancelar} autoFocus>
          Cancelar
        </Button>
        <Button onClick={onConfirmar} variant="contained" color="error">
          Excluir
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import type { Peca } from '@tramite/shared';
import { useId, useState } from 'react';
import { nomePeca } from './textos';

interface DialogoSequenciaProps {
  peca: Peca;
  total: number;
  ocupado: boolean;
  aoConfirmar: (sequencial: number) => void;
  aoFechar: () => void;
}

/** Asks for a peça's new sequence number; the server clamps it (spec §4) and shifts the peças in between. */
export function DialogoSequencia({ peca, total, ocupado, aoConfirmar, aoFechar }: DialogoSequenciaProps) {
  const id = useId();
  const [valor, setValor] = useState(String(peca.sequencial));
  const numero = Number(valor);
  const valido = valor.trim() !== '' && Number.isInteger(numero);
  return (
    <Dialog
      open
      onClose={() => {
        if (!ocupado) aoFechar();
      }}
      aria-labelledby={`${id}-titulo`}
      aria-describedby={`${id}-descricao`}
    >
      <DialogTitle id={`${id}-titulo`}>Alterar sequência</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-descricao`} sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          Nova posição de “{nomePeca(peca)}” entre as {total} peças ativas. As peças entre a posição atual e a nova são
          deslocadas.
        </DialogContentText>
        <TextField
          id={`${id}-sequencial`}
          label="Número de sequência"
          type="number"
          required
          autoFocus
          value={valor}
          onChange={(evento) => setValor(evento.target.value)}
          onKeyDown={(evento) => {
            if (evento.key === 'Enter' && valido) aoConfirmar(numero);
          }}
          error={!valido}
          helperText={valido ? undefined : 'Informe um número inteiro'}
          slotProps={{ htmlInput: { min: 1, max: total, step: 1 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={aoFechar} disabled={ocupado}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={() => aoConfirmar(numero)} disabled={!valido || ocupado}>
          Alterar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

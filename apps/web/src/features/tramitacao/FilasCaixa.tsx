import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { Box, Button, Chip, Stack } from '@mui/material';
import { type ContagensCaixaPostal, FILAS_CAIXA_POSTAL, type FilaCaixaPostal } from '@tramite/shared';
import { ROTULOS_FILA } from './contagens-caixa';

type Fila = FilaCaixaPostal;

/** The queues of the box as chips with their counts; the chosen one is pressed (issue 20). */
export function FilasCaixa({
  fila,
  contagens,
  aoEscolher,
}: {
  fila: Fila | '';
  contagens: ContagensCaixaPostal | undefined;
  aoEscolher: (fila: Fila | '') => void;
}) {
  const opcoes: { valor: Fila | ''; chave: Fila | 'todos' }[] = [
    { valor: '', chave: 'todos' },
    ...FILAS_CAIXA_POSTAL.map((valor) => ({ valor, chave: valor })),
  ];
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label="Filas da caixa postal"
      data-testid="filas-caixa"
      sx={{ flexWrap: 'wrap', px: 2, pt: 2 }}
    >
      {opcoes.map(({ valor, chave }) => {
        const escolhida = fila === valor;
        const quantidade = contagens?.[chave];
        return (
          <Chip
            key={chave}
            component="button"
            clickable
            aria-pressed={escolhida}
            color={escolhida ? 'primary' : 'default'}
            variant={escolhida ? 'filled' : 'outlined'}
            onClick={() => aoEscolher(valor)}
            data-testid={`fila-${chave}`}
            label={
              quantidade === undefined
                ? ROTULOS_FILA[chave]
                : `${ROTULOS_FILA[chave]} (${quantidade.toLocaleString('pt-BR')})`
            }
          />
        );
      })}
    </Stack>
  );
}

/** The filter of the home page's "não lidos" link, as a chip: a click or Delete on it removes the filter. */
export function FiltroNaoLidos({ aoRemover }: { aoRemover: () => void }) {
  return (
    <Box sx={{ px: 2, pt: 1 }}>
      <Chip
        label="Somente os que não abri"
        color="primary"
        variant="outlined"
        aria-label="Somente os que não abri: remover este filtro"
        onClick={aoRemover}
        onDelete={aoRemover}
        data-testid="filtro-nao-lidos"
      />
    </Box>
  );
}

/** The bulk actions on the selected rows; each is disabled (null) while no selected row allows it. */
export function AcoesSelecao({
  receber,
  tramitar,
  darCiencia,
}: {
  receber: (() => void) | null;
  tramitar: (() => void) | null;
  darCiencia: (() => void) | null;
}) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button
        variant="contained"
        startIcon={<MoveToInboxOutlined />}
        disabled={receber === null}
        onClick={receber ?? undefined}
      >
        Receber selecionados
      </Button>
      <Button
        variant="contained"
        startIcon={<SendOutlined />}
        disabled={tramitar === null}
        onClick={tramitar ?? undefined}
      >
        Tramitar selecionados
      </Button>
      <Button variant="outlined" disabled={darCiencia === null} onClick={darCiencia ?? undefined}>
        Dar ciência
      </Button>
    </Stack>
  );
}

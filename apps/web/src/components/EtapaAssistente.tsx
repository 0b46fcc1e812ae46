import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import { Box, Button, Stack, Typography } from '@mui/material';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/**
 * A wizard's current step and the error shown on it (cleared when the step changes). Screen-reader and keyboard
 * users are taken to the new step's title, whose ref is `refTitulo` (not on the first render).
 */
export function useAssistente() {
  const [passo, setPasso] = useState(0);
  const [erro, setErro] = useState<string | null>(null);
  const refTitulo = useRef<HTMLHeadingElement>(null);
  const passoAnterior = useRef(passo);

  useEffect(() => {
    if (passoAnterior.current !== passo) refTitulo.current?.focus();
    passoAnterior.current = passo;
  }, [passo]);

  function irPara(indice: number) {
    setErro(null);
    setPasso(indice);
  }

  return { passo, irPara, erro, setErro, refTitulo };
}

interface EtapaAssistenteProps {
  /** The wizard's steps, in order. */
  passos: readonly string[];
  indice: number;
  /** The step's h2: the page moves the focus there when the step changes. */
  refTitulo: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
  aoEnviar?: (evento: FormEvent) => void;
  /** Shows "Voltar", which calls it. */
  aoVoltar?: () => void;
  /** The submit button; "Próximo" when omitted. */
  botaoEnviar?: ReactNode;
}

/** One step of a wizard, in a form: its h2 ("Passo 2 de 3: …"), the content, "Voltar" and the submit button. */
export function EtapaAssistente({
  passos,
  indice,
  refTitulo,
  children,
  aoEnviar,
  aoVoltar,
  botaoEnviar,
}: EtapaAssistenteProps) {
  return (
    <Box component="form" noValidate onSubmit={aoEnviar ?? ((evento) => evento.preventDefault())}>
      <Typography
        ref={refTitulo}
        id="titulo-etapa"
        component="h2"
        variant="h6"
        tabIndex={-1}
        sx={{ mb: 2, outline: 'none' }}
        data-testid="titulo-etapa"
      >
        Passo {indice + 1} de {passos.length}: {passos[indice]}
      </Typography>
      <Stack spacing={3}>
        {children}
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {aoVoltar ? (
            <Button type="button" startIcon={<ArrowBackOutlined />} onClick={aoVoltar}>
              Voltar
            </Button>
          ) : null}
          {botaoEnviar ?? (
            <Button type="submit" variant="contained" endIcon={<ArrowForwardOutlined />}>
              Próximo
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

import { FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import {
  alterarPrazoSchema,
  dataBr,
  MENSAGENS,
  PRAZO_MAXIMO_DIAS,
  somarDias,
  TAMANHO_MAXIMO_MOTIVO_PRAZO,
  validarDataPrazo,
} from '@tramite/shared';
import { useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { CampoData } from '../../components/CampoData';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoDataControlado } from '../../components/formulario/CampoDataControlado';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { DialogoFormulario } from '../../components/formulario/DialogoFormulario';
import { marcarErrosDoServidor } from '../../components/formulario/erros-servidor';
import { mensagemDoErro } from '../../lib/api';
import { hojeNoNavegador, useCalendario } from '../../lib/calendario';
import { useAlterarPrazo } from './api-prazo';
import { TEXTOS_PRAZO } from './textos-prazo';

interface Valores {
  retirar: boolean;
  prazo: string;
  motivo: string;
}

interface Pedido {
  prazo: string | null;
  motivo: string;
}

interface DialogoAlterarPrazoProps {
  idDocumento: number;
  numero: string;
  prazoAtual: string | null;
  retornoProgramado: string | null;
  aoFechar: () => void;
}

/**
 * "Alterar prazo" (issue 20): a new date (days without work greyed out) or no deadline, and the reason, checked by the
 * shared rules, then confirmed before it is sent: the change is recorded with its reason, never silently.
 */
export function DialogoAlterarPrazo({
  idDocumento,
  numero,
  prazoAtual,
  retornoProgramado,
  aoFechar,
}: DialogoAlterarPrazoProps) {
  const snackbar = useSnackbar();
  const calendario = useCalendario();
  const hoje = hojeNoNavegador();
  const alterar = useAlterarPrazo(idDocumento);
  const [confirmando, setConfirmando] = useState<Pedido | null>(null);

  const resolver: Resolver<Valores, unknown, Pedido> = async (valores) => {
    const erros: Record<string, { type: string; message: string }> = {};
    const prazo = valores.retirar ? null : valores.prazo;
    if (prazo !== null) {
      const erro = prazo
        ? (validarDataPrazo(prazo, hoje, calendario) ??
          (retornoProgramado !== null && retornoProgramado < prazo ? MENSAGENS.prazos.retornoAntesDoPrazo : null))
        : MENSAGENS.prazos.informeData;
      if (erro) erros.prazo = { type: 'validate', message: erro };
    }
    if (prazo === prazoAtual && !erros.prazo) erros.prazo = { type: 'validate', message: MENSAGENS.prazos.prazoIgual };
    const resultado = alterarPrazoSchema.safeParse({ prazo, motivo: valores.motivo });
    for (const issue of resultado.error?.issues ?? []) {
      const campo = String(issue.path[0]);
      erros[campo] ??= { type: 'validate', message: issue.message };
    }
    if (Object.keys(erros).length > 0 || !resultado.success) return { values: {}, errors: erros };
    return { values: resultado.data, errors: {} };
  };

  const formulario = useForm<Valores, unknown, Pedido>({
    resolver,
    defaultValues: { retirar: false, prazo: prazoAtual ?? '', motivo: '' },
    shouldFocusError: true,
  });
  const retirar = useWatch({ control: formulario.control, name: 'retirar' });

  async function enviar(pedido: Pedido) {
    try {
      await alterar.mutateAsync(pedido);
      snackbar.sucesso(MENSAGENS.prazos.prazoAlterado);
      aoFechar();
    } catch (erro) {
      setConfirmando(null);
      marcarErrosDoServidor(erro, ['prazo', 'motivo'], formulario.setError);
      snackbar.erro(mensagemDoErro(erro, TEXTOS_PRAZO.erroAlterar));
    }
  }

  const atual = prazoAtual ? dataBr(prazoAtual) : 'sem prazo';
  return (
    <>
      <DialogoFormulario
        titulo="Alterar prazo"
        descricao={`Prazo atual de ${numero}: ${atual}. A alteração fica registrada com o motivo.`}
        aoEnviar={formulario.handleSubmit(setConfirmando)}
        aoCancelar={aoFechar}
        enviando={alterar.isPending}
        bloquearCancelar
        rotuloEnviar="Alterar prazo"
        largura="sm"
        testId="dialogo-alterar-prazo"
      >
        <Stack spacing={2} sx={{ mt: 1 }}>
          <RadioGroup
            aria-label="Novo prazo"
            value={retirar ? 'retirar' : 'data'}
            onChange={(evento) => {
              formulario.setValue('retirar', evento.target.value === 'retirar');
              formulario.clearErrors('prazo');
            }}
            row
          >
            <FormControlLabel value="data" control={<Radio />} label={TEXTOS_PRAZO.novaData} />
            <FormControlLabel value="retirar" control={<Radio />} label={TEXTOS_PRAZO.retirar} disabled={!prazoAtual} />
          </RadioGroup>
          {retirar ? (
            <Typography color="text.secondary">O documento ficará sem prazo.</Typography>
          ) : (
            <CampoDataControlado
              Campo={CampoData}
              control={formulario.control}
              name="prazo"
              id="alterar-prazo-data"
              rotulo="Novo prazo"
              obrigatorio
              minimo={hoje}
              maximo={somarDias(hoje, PRAZO_MAXIMO_DIAS)}
              diaDesabilitado={calendario ? (data) => data !== '' && !calendario.ehDiaUtil(data) : undefined}
            />
          )}
          <CampoTextoControlado
            control={formulario.control}
            name="motivo"
            id="alterar-prazo-motivo"
            label={TEXTOS_PRAZO.motivo}
            required
            multiline
            minRows={2}
            fullWidth
            maxLength={TAMANHO_MAXIMO_MOTIVO_PRAZO}
          />
        </Stack>
      </DialogoFormulario>
      <DialogoConfirmacao
        aberto={confirmando !== null}
        titulo="Confirmar alteração do prazo"
        rotuloConfirmar="Confirmar"
        ocupado={alterar.isPending}
        aoCancelar={() => setConfirmando(null)}
        aoConfirmar={() => (confirmando ? enviar(confirmando) : undefined)}
      >
        {confirmando
          ? `Alterar o prazo de ${atual} para ${confirmando.prazo ? dataBr(confirmando.prazo) : 'sem prazo'}?`
          : null}
      </DialogoConfirmacao>
    </>
  );
}

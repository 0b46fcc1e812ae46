import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AlterarPecaEntrada,
  alterarPecaSchema,
  type HipoteseLegal,
  MENSAGENS,
  type Peca,
  TAMANHO_MAXIMO_DESCRICAO_PECA,
} from '@tramite/shared';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { DialogoFormulario } from '../../components/formulario/DialogoFormulario';
import { primeiraMensagem } from '../../components/formulario/primeira-mensagem';
import { mensagemComDetalhe } from '../../lib/api';
import { useAlterarPeca } from './api';
import { CampoJustificativa } from './CampoJustificativa';
import { CamposAcessoPeca } from './CamposAcessoPeca';
import { nomePeca } from './textos';

interface DialogoEdicaoPecaProps {
  peca: Peca;
  hipoteses: readonly HipoteseLegal[];
  carregandoHipoteses: boolean;
  aoFechar: () => void;
}

/** Edits a peça's description, copy type, access level and legal hypothesis, with a justification and a confirmation. */
export function DialogoEdicaoPeca({ peca, hipoteses, carregandoHipoteses, aoFechar }: DialogoEdicaoPecaProps) {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const alterar = useAlterarPeca(peca.idDocumento);
  // The body PATCH sends, checked by alterarPecaSchema (the server parses it again): the confirmation asks for it.
  const [pendente, setPendente] = useState<AlterarPecaEntrada | null>(null);
  const formulario = useForm({
    resolver: zodResolver(alterarPecaSchema, undefined, { raw: true }),
    defaultValues: {
      idAnexo: peca.idAnexo,
      descricao: peca.descricao ?? '',
      tipoCopia: peca.tipoCopia,
      nivelAcesso: peca.nivelAcesso,
      idHipoteseLegal: peca.idHipoteseLegal,
      justificativaAlteracao: '',
    },
    // The access fields check themselves (CamposAcessoPeca).
    shouldFocusError: false,
  });

  async function salvar(corpo: AlterarPecaEntrada) {
    try {
      await executar('Salvando o arquivo', () => alterar.mutateAsync({ peca, corpo }));
      snackbar.sucesso(MENSAGENS.arquivos.alterado);
      setPendente(null);
      aoFechar();
    } catch (erro) {
      setPendente(null);
      snackbar.erro(mensagemComDetalhe(MENSAGENS.arquivos.erroAlterarArquivo, erro));
    }
  }

  return (
    <FormProvider {...formulario}>
      <DialogoFormulario
        titulo="Editar arquivo"
        descricao={`Peça ${peca.sequencial}: ${nomePeca(peca)}`}
        largura="md"
        aoEnviar={formulario.handleSubmit(setPendente, (erros) =>
          snackbar.erro(primeiraMensagem(erros) ?? MENSAGENS.arquivos.erroAlterarArquivo),
        )}
        aoCancelar={aoFechar}
        enviando={false}
        enviarComEnter={false}
      >
        <CampoTextoControlado
          control={formulario.control}
          name="descricao"
          label="Descrição"
          fullWidth
          maxLength={TAMANHO_MAXIMO_DESCRICAO_PECA}
        />
        <CamposAcessoPeca hipoteses={hipoteses} carregandoHipoteses={carregandoHipoteses} />
        <CampoJustificativa
          control={formulario.control}
          name="justificativaAlteracao"
          rotulo="Justificativa da alteração"
        />
      </DialogoFormulario>
      <DialogoConfirmacao
        aberto={pendente !== null}
        titulo="Salvar alterações do arquivo"
        rotuloConfirmar="Salvar"
        ocupado={alterar.isPending}
        aoConfirmar={() => (pendente ? salvar(pendente) : undefined)}
        aoCancelar={() => setPendente(null)}
      >
        Confirma as alterações em “{nomePeca(peca)}”? A justificativa fica registrada no histórico da peça.
      </DialogoConfirmacao>
    </FormProvider>
  );
}
